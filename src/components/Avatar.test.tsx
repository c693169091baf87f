import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from './Avatar';
import {
  makePictureResolver,
  PictureResolverContext,
  type PictureLoader,
} from './picture-resolver';

const jpeg = 'data:image/jpeg;base64,/9j/AAAA';
const webp = 'data:image/webp;base64,UklGRgAA';

/** A fake pictures gateway: each uid's picture, and how often it was asked. */
function fakeGateway(pictures: Record<string, string | null>) {
  const getPicture = vi.fn((uid: string) => Promise.resolve(pictures[uid] ?? null));
  const loader: PictureLoader = { getPicture };
  return { getPicture, resolver: makePictureResolver(() => Promise.resolve(loader)) };
}

function renderAvatars(
  resolver: ReturnType<typeof makePictureResolver>,
  avatars: Array<{ src?: string; name: string }>,
) {
  return render(
    <PictureResolverContext value={resolver}>
      {avatars.map((a, i) => (
        <div key={i} data-testid={`avatar-${String(i)}`}>
          <Avatar src={a.src} name={a.name} />
        </div>
      ))}
    </PictureResolverContext>,
  );
}

const imgIn = (i: number) => screen.getByTestId(`avatar-${String(i)}`).querySelector('img');
const textIn = (i: number) => screen.getByTestId(`avatar-${String(i)}`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('Avatar', () => {
  it('shows a Google photo, and initials for no photo, the placeholder or any other URL', () => {
    const { resolver, getPicture } = fakeGateway({});
    const google = 'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c';
    renderAvatars(resolver, [
      { src: google, name: 'Ann Lee' },
      { name: 'Bob' },
      { src: '/default-avatar.svg', name: 'cy dee' },
      // A tracking pixel from before the rules refused it: never fetched.
      { src: 'https://tracker.example/p.gif?me', name: 'Dan' },
      { src: 'https://lh3.googleusercontent.com.evil.example/p.gif', name: 'Eve' },
    ]);
    expect(imgIn(0)).toHaveAttribute('src', google);
    expect(imgIn(1)).toBeNull();
    expect(textIn(1)).toBe('B');
    expect(textIn(2)).toBe('CD');
    expect(imgIn(3)).toBeNull();
    expect(textIn(3)).toBe('D');
    expect(imgIn(4)).toBeNull();
    expect(getPicture).not.toHaveBeenCalled();
  });

  it('shows initials while a picture: reference loads, then the picture', async () => {
    const { resolver, getPicture } = fakeGateway({ u1: jpeg });
    renderAvatars(resolver, [{ src: 'picture:u1:v1', name: 'Ann' }]);
    expect(textIn(0)).toBe('A');
    await waitFor(() => expect(imgIn(0)).toHaveAttribute('src', jpeg));
    expect(getPicture).toHaveBeenCalledWith('u1');
  });

  it('fetches each reference once, however many avatars show it', async () => {
    const { resolver, getPicture } = fakeGateway({ u1: jpeg, u2: webp });
    renderAvatars(resolver, [
      { src: 'picture:u1:v1', name: 'Ann' },
      { src: 'picture:u1:v1', name: 'Ann' },
      { src: 'picture:u2:v7', name: 'Bo' },
    ]);
    await waitFor(() => expect(imgIn(2)).toHaveAttribute('src', webp));
    expect(imgIn(0)).toHaveAttribute('src', jpeg);
    expect(imgIn(1)).toHaveAttribute('src', jpeg);
    expect(getPicture).toHaveBeenCalledTimes(2);

    // Shown again later: straight from the cache.
    renderAvatars(resolver, [{ src: 'picture:u1:v1', name: 'Ann' }]);
    expect(getPicture).toHaveBeenCalledTimes(2);
  });

  it('keeps initials when the person has no stored picture', async () => {
    const { resolver, getPicture } = fakeGateway({});
    renderAvatars(resolver, [{ src: 'picture:u9:v1', name: 'Zed' }]);
    await waitFor(() => expect(getPicture).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(imgIn(0)).toBeNull();
    expect(textIn(0)).toBe('Z');
  });

  it('fetches only avatars that come into view', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { resolver, getPicture } = fakeGateway({ u1: jpeg, u2: webp });
    renderAvatars(resolver, [
      { src: 'picture:u1:v1', name: 'Ann' },
      { src: 'picture:u2:v1', name: 'Bo' },
    ]);
    expect(getPicture).not.toHaveBeenCalled();

    const secondAvatar = screen.getByTestId('avatar-1').firstElementChild;
    const observer = observers.find((o) => o.targets.some((t) => t === secondAvatar));
    if (!observer) throw new Error('The second avatar is not observed');
    act(() =>
      observer.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(imgIn(1)).toHaveAttribute('src', webp));
    expect(getPicture.mock.calls).toEqual([['u2']]);
    expect(imgIn(0)).toBeNull();
  });
});

describe('makePictureResolver', () => {
  it('retries a failed load instead of caching the failure', async () => {
    const getPicture = vi
      .fn<(uid: string) => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(jpeg);
    const resolver = makePictureResolver(() => Promise.resolve({ getPicture }));
    expect(await resolver.resolve('picture:u1:v1')).toBeNull();
    expect(resolver.peek('picture:u1:v1')).toBeUndefined();
    expect(await resolver.resolve('picture:u1:v1')).toBe(jpeg);
    expect(resolver.peek('picture:u1:v1')).toBe(jpeg);
    expect(getPicture).toHaveBeenCalledTimes(2);
  });

  it('serves primed pictures without loading, and drops the oldest beyond its size', async () => {
    const getPicture = vi.fn(() => Promise.resolve(webp));
    const resolver = makePictureResolver(() => Promise.resolve({ getPicture }), 2);
    resolver.prime('picture:a:1', jpeg);
    expect(await resolver.resolve('picture:a:1')).toBe(jpeg);
    resolver.prime('picture:b:1', jpeg);
    resolver.prime('picture:c:1', jpeg);
    expect(resolver.peek('picture:a:1')).toBeUndefined();
    expect(resolver.peek('picture:c:1')).toBe(jpeg);
    expect(getPicture).not.toHaveBeenCalled();
  });

  it('never loads something that is not a reference', async () => {
    const getPicture = vi.fn(() => Promise.resolve(webp));
    const resolver = makePictureResolver(() => Promise.resolve({ getPicture }));
    expect(await resolver.resolve('https://example.com/a.png')).toBeNull();
    expect(getPicture).not.toHaveBeenCalled();
  });
});
