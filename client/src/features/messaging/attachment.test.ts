import { MAX_ATTACHMENT_BYTES, attachmentProblem } from './attachment';

describe('chat attachment check', () => {
  it('accepts images and PDF under 5 MB', () => {
    expect(attachmentProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(attachmentProblem({ type: 'application/pdf', size: MAX_ATTACHMENT_BYTES - 1 })).toBeUndefined();
  });

  it('refuses other types and files of 5 MB or more', () => {
    expect(attachmentProblem({ type: 'application/zip', size: 10 })).toBe('type');
    expect(attachmentProblem({ type: 'image/png', size: MAX_ATTACHMENT_BYTES })).toBe('size');
  });
});
