import type { FoundationTables } from './migrations/001_foundation';

/**
 * Every table the server queries, composed from the table types that each migration exports.
 * Portable column types: integers for money (cents) and booleans (0/1), ISO-8601 UTC text for time.
 */
export interface Database extends FoundationTables {}
