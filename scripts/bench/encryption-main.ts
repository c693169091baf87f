/** `npx tsx scripts/bench/encryption-main.ts`: section 12 (end-to-end encryption) alone. */
import { encryptionBench, printEncryptionSummary } from './encryption';

printEncryptionSummary(await encryptionBench());
