// The one Drizzle schema for both drivers, in four parts: accounts (better-auth, the users record of
// design/product.md §3, mail, captchas, settings, rate limits, audit), packages (packages, events, files, dispatches),
// charges (rates, stored charges, referral credit) and delivery (routes and their stops). Code imports tables from
// here; drizzle-kit reads this file.
export * from './schema/accounts.ts';
export * from './schema/cash.ts';
export * from './schema/charges.ts';
export * from './schema/delivery.ts';
export * from './schema/einvoice.ts';
export * from './schema/ledger.ts';
export * from './schema/notices.ts';
export * from './schema/packages.ts';
export * from './schema/payments.ts';
export * from './schema/pqr.ts';
export * from './schema/requests.ts';
export * from './schema/settlements.ts';
