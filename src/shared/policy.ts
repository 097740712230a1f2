// The version of the data-processing policy at /politica-de-datos; stored with each registration as proof of consent.
export const PRIVACY_POLICY_VERSION = '2026-11-22';
