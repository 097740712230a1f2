// Stops at one address (issue 47 item 6): two parcels for one building are one stop for the courier, who should
// hand over both at once. Each such stop says so on its card and on 'Siguiente parada' ('2 paquetes aquí: 100001 y
// 100002'); the order stays the office's. The address is compared as written, ignoring case and spacing.
const keyOf = (address: string) => address.toLowerCase().replace(/\s+/g, ' ').trim();

/** '100001', '100001 y 100002', '100001, 100002 y 100003'. */
function listOf(numbers: number[]): string {
  const words = numbers.map(String);
  const last = words.pop() ?? '';
  return words.length === 0 ? last : `${words.join(', ')} y ${last}`;
}

/** For every stop sharing its address with another: the line its card shows. Stops alone are absent. */
export function togetherAt(stops: readonly { number: number; address: string }[]): Map<number, string> {
  const byAddress = new Map<string, number[]>();
  for (const stop of stops) {
    const key = keyOf(stop.address);
    byAddress.set(key, [...(byAddress.get(key) ?? []), stop.number]);
  }
  const lines = new Map<number, string>();
  for (const numbers of byAddress.values()) {
    if (numbers.length < 2) continue;
    const line = `${numbers.length} paquetes aquí: ${listOf(numbers)}`;
    for (const number of numbers) lines.set(number, line);
  }
  return lines;
}
