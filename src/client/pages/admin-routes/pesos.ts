// Whole pesos as a cashier types them ('85000', '$ 85000'): the number, or NaN for anything else (dots, decimals,
// letters), which the shared schema refuses with its message. Never a float.
export function pesosFromInput(text: string): number {
  const digits = text.replace(/^\s*\$\s*/, '').trim();
  return /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
}
