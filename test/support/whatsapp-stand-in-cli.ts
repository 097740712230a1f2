// `npx tsx test/support/whatsapp-stand-in-cli.ts [port]`: the Cloud API stand-in for `npm run dev`. It prints the
// variables to start the app with, logs every message it accepts, and plays the phone: a signed 'delivered' status
// after a second and 'read' after three.
import { startWhatsappStandIn } from './whatsapp-stand-in.ts';

const port = Number(process.argv[2] ?? 3100);
const standIn = await startWhatsappStandIn({ port, webhook: 'http://localhost:3000/api/whatsapp/webhook' });
console.log(`Stand-in de la API de WhatsApp en ${standIn.url}. Arranca la app con:`);
for (const [key, value] of Object.entries(standIn.env)) console.log(`  ${key}=${value}`);
let seen = 0;
setInterval(() => {
  for (const message of standIn.received.slice(seen))
    console.log(
      `[stand-in] ${message.to} ← ${message.template ?? 'texto'} ${JSON.stringify(message.parameters.length ? message.parameters : message.text)}`,
    );
  seen = standIn.received.length;
}, 500);
