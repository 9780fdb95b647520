import { FakeChatSocket } from '../../test/fakeChatSocket';
import {
  closeSessionSocket,
  connectSocket,
  onSessionExpired,
  resumeSessionSocket,
  sessionSocket,
  setSessionSocketFactory,
} from './socket';

function fail(why: string): never {
  throw new Error(why);
}

describe('the session socket', () => {
  let opened: FakeChatSocket[];

  beforeEach(() => {
    opened = [];
    setSessionSocketFactory(() => {
      const socket = new FakeChatSocket();
      opened.push(socket);
      return socket;
    });
  });

  const first = (): FakeChatSocket => opened[0] ?? fail('no socket opened');
  const second = (): FakeChatSocket => opened[1] ?? fail('no second socket opened');

  afterEach(() => {
    setSessionSocketFactory(undefined);
  });

  it('is one connection for the chat and for every screen that listens live', () => {
    const chat = sessionSocket('fr');
    const stats = connectSocket('fr');
    const alerts = connectSocket('fr');
    const seen: string[] = [];
    stats.on('stats:update', () => seen.push('stats'));
    alerts.on('search:alert', () => seen.push('alert'));

    expect(opened).toHaveLength(1);
    expect(chat).toBe(opened[0]);
    first().push('stats:update', {});
    first().push('search:alert', {});
    expect(seen).toEqual(['stats', 'alert']);
  });

  it('lets a screen go without closing the connection the others use', () => {
    const stats = connectSocket('fr');
    const alerts = connectSocket('fr');
    const seen: string[] = [];
    stats.on('stats:update', () => seen.push('stats'));
    alerts.on('stats:update', () => seen.push('alerts screen'));

    stats.close();
    first().push('stats:update', {});

    expect(seen).toEqual(['alerts screen']);
    expect(first().disconnected).toBe(false);
  });

  it('is closed at sign-out, and the next session opens its own', () => {
    sessionSocket('fr');
    closeSessionSocket();
    sessionSocket('fr');

    expect(opened).toHaveLength(2);
    expect(first().disconnected).toBe(true);
    expect(second().disconnected).toBe(false);
  });

  it('tells its listeners when the server ends the session, and connects again only when resumed', () => {
    sessionSocket('fr');
    const ended: unknown[] = [];
    const stop = onSessionExpired((payload) => ended.push(payload));
    first().endSession();

    expect(ended).toEqual([expect.objectContaining({ code: 'SESSION_EXPIRED' })]);
    const connect = jest.spyOn(first(), 'connect');
    expect(connect).not.toHaveBeenCalled();
    resumeSessionSocket();
    expect(connect).toHaveBeenCalledTimes(1);
    resumeSessionSocket();
    expect(connect).toHaveBeenCalledTimes(1);
    stop();
    first().endSession();
    expect(ended).toHaveLength(1);
  });

  it('tells an end that came before any listener to the first one, once', async () => {
    sessionSocket('fr');
    first().endSession();
    const early: unknown[] = [];
    const late: unknown[] = [];
    onSessionExpired((payload) => early.push(payload));
    onSessionExpired((payload) => late.push(payload));
    await Promise.resolve();

    expect(early).toEqual([expect.objectContaining({ code: 'SESSION_EXPIRED' })]);
    expect(late).toEqual([]);
  });

  it('waits for the server’s disconnect when the new token comes before it', () => {
    sessionSocket('fr');
    const connect = jest.spyOn(first(), 'connect');
    first().push('session:expired', { code: 'SESSION_EXPIRED' });
    resumeSessionSocket();
    expect(connect).not.toHaveBeenCalled();

    first().connected = false;
    first().push('disconnect', 'io server disconnect');
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a socket the server did not end', () => {
    sessionSocket('fr');
    const connect = jest.spyOn(first(), 'connect');
    first().connected = false;
    resumeSessionSocket();
    first().push('disconnect', 'transport close');
    expect(connect).not.toHaveBeenCalled();
  });
});
