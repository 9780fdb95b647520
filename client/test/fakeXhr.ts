// A stand-in for XMLHttpRequest (uploads use it for their progress): records what was sent and
// lets the test move the progress and give the server's answer.

import { act } from '@testing-library/react';

export class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  url = '';
  auth: string | null = null;
  body: FormData | undefined;

  open(_method: string, url: string) {
    this.url = url;
  }

  setRequestHeader(_name: string, value: string) {
    this.auth = value;
  }

  send(body?: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total });
    });
  }

  async answer(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
      await Promise.resolve();
    });
  }
}

/** Replaces XMLHttpRequest until the returned function is called. */
export function installFakeXhr(): () => void {
  const original = window.XMLHttpRequest;
  FakeXhr.instances = [];
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    window.XMLHttpRequest = original;
  };
}
