/**
 * How a sealed field reached this device (sealed-value.ts): opened, not given to this device
 * (yet), or broken. Apart from the crypto code so plain data modules (and the emulator's bench,
 * which has no DOM types) can name it.
 */
export type SealState = 'open' | 'no-key' | 'failed';
