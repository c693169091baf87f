// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { lazyGateway } from './lazy-gateway';

interface Greeter extends Record<string, (...args: never[]) => Promise<unknown>> {
  hello(name: string): Promise<string>;
  bye(): Promise<void>;
}

const greeter = (): Greeter => ({
  hello: (name: string) => Promise.resolve(`hello ${name}`),
  bye: () => Promise.resolve(),
});

describe('a gateway loaded on its first call', () => {
  it('loads nothing until a method is called, then loads once', async () => {
    const load = vi.fn(() => Promise.resolve(greeter()));
    const api = lazyGateway<Greeter>(load, { hello: true, bye: true });
    expect(Object.keys(api)).toEqual(['hello', 'bye']);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([api.hello('ann'), api.hello('bo')])).toEqual([
      'hello ann',
      'hello bo',
    ]);
    await api.bye();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("passes a method's refusal through", async () => {
    const api = lazyGateway<Greeter>(
      () => Promise.resolve({ ...greeter(), bye: () => Promise.reject(new Error('no')) }),
      { hello: true, bye: true },
    );
    await expect(api.bye()).rejects.toThrow('no');
  });

  it('names every method of the API (checked by the type)', () => {
    // @ts-expect-error -- 'bye' is missing
    const api = lazyGateway<Greeter>(() => Promise.resolve(greeter()), { hello: true });
    expect(Object.keys(api)).toEqual(['hello']);
  });

  it('tries the download again after it failed', async () => {
    const load = vi
      .fn<() => Promise<Greeter>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(greeter());
    const api = lazyGateway<Greeter>(load, { hello: true, bye: true });
    await expect(api.hello('ann')).rejects.toThrow('offline');
    expect(await api.hello('ann')).toBe('hello ann');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
