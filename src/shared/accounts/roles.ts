// The roles of a users record and the actors of a package's history: the values of the `role` and `actor_role`
// columns, here so that the database schema (src/server/db/schema) needs no domain module to type them.

/**
 * design/packages.md 'Roles': customers by default; staff are `bodega` (the warehouse) and `admin` (everything). A
 * courier (`reparto`, design/delivery.md 'Roles') is not staff: they see only the stops of their own routes.
 */
export const ROLES = ['customer', 'reparto', 'bodega', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who moved a package, as its history records it: a person by their role, or the app itself. */
export type ActorRole = 'customer' | 'bodega' | 'admin' | 'reparto' | 'system';
