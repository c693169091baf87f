/** The demo accounts `npm start` creates; every one is verified and shares one password. */
export const demoPassword = 'Demo1234';

export const demoUsers = [
  'Alice',
  'Bob',
  'Carol',
  'Dave',
  'Erin',
  'Frank',
  'Grace',
  'Henry',
  'Ivy',
  'Jack',
].map((username) => ({ username, email: `${username.toLowerCase()}@example.com` }));
