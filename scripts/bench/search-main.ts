/** `npx tsx scripts/bench/search-main.ts`: section 11 (message search index) alone. */
import { printSearchSummary, searchBench } from './search';

printSearchSummary(await searchBench());
