import { alice, bob, carol } from './friends-fixtures';
import { dave, erin } from './groups-fixtures';

/** Device ids, published device keys and a wrapped epoch key for the encryption rules tests. */
export const device = (n: number) => `Dev${String(n).padStart(17, '0')}`;
const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const published = (uid: string, n: number) => ({
  [`deviceKeys/${uid}/${device(n)}`]: { publicKey, createdAt: 1 },
});
/** Alice has device 1, Bob 2 and 3, Carol 4, Dave 5, Erin 6. */
export const devices = {
  ...published(alice, 1),
  ...published(bob, 2),
  ...published(bob, 3),
  ...published(carol, 4),
  ...published(dave, 5),
  ...published(erin, 6),
};
export const epoch = '-Nepoch0000000000001';
export const key = `v1.${'A'.repeat(16)}.${'B'.repeat(64)}`;
export const wrapBy = (by: string, from: number) => ({ key, by, from: device(from) });
