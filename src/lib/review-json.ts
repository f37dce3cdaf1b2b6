/** A review and the review summary as the API answers them: the contract's shapes (src/lib/contract/accounts.ts). */
export type { ReviewJson, ReviewSummary } from './contract/accounts';
