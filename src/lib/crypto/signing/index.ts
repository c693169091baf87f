/**
 * The owner's side of the master and device-signing keys (docs/security/e2ee.md, "Master and
 * device-signing keys"): holding them on an approved device, making them, and the recovery key's
 * steps. Readers check them with ../signing-key.ts and ../device-trust.ts.
 */
export { makeIdentityHolder, type IdentityHolder } from './key-ring-identity';
export { masterFor, sealMaster, secureMaster, signAll } from './key-ring-master';
export { createSigner, openSigner, sealSigner } from './signing-key-seal';
export { createIdentity, identityFromSecret, signDevice } from './identity-secret';
