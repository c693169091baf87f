import { encryptionStrings } from './encryption-strings';

export interface RecoveryKeyValues {
  recoveryKey: string;
}

/** A recovery key is 56 characters once the spaces and dashes people type are left out. */
export const validateRecoveryKey = ({ recoveryKey }: RecoveryKeyValues) =>
  recoveryKey.replace(/[\s-]/g, '').length === 56
    ? {}
    : { recoveryKey: encryptionStrings.recoveryRefused['not-a-key'] };
