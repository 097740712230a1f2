// `npx tsx test/support/wompi-stand-in-cli.ts [port] [app-url]`: the Wompi stand-in for `npm run dev`. It prints
// the variables to start the app with, serves Web Checkout with the sandbox's test data, and posts its signed
// events to the app (Nequi and PSE answer after 3 s; retries after 30 s, 3 min and 24 min instead of Wompi's hours).
import { startWompiStandIn } from './wompi-stand-in.ts';

const port = Number(process.argv[2] ?? 3200);
const appUrl = process.argv[3] ?? 'http://localhost:3000';
const standIn = await startWompiStandIn({
  port,
  events: `${appUrl}/api/pagos/wompi/eventos`,
  asyncMs: 3000,
  retryMs: [30_000, 180_000, 1_440_000],
});
console.log(`Stand-in de Wompi en ${standIn.url}. Arranca la app con:`);
for (const [key, value] of Object.entries(standIn.env)) console.log(`  ${key}=${value}`);
let seen = 0;
setInterval(() => {
  for (const delivery of standIn.deliveries.slice(seen))
    console.log(
      `[stand-in] evento ${delivery.id} ${delivery.status} → la app respondió ${delivery.answer || 'nada'}`,
    );
  seen = standIn.deliveries.length;
}, 500);
