// A fact of a list of label–value pairs (a receipt, a charge, an invoice) that is shown only when it applies.

/** `[[label, value]]` when `shown`, nothing otherwise: spread into a list of facts. */
export const factIf = (shown: unknown, label: string, value: string): Array<[string, string]> =>
  shown ? [[label, value]] : [];
