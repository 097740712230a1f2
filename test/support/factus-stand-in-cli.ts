// `npx tsx test/support/factus-stand-in-cli.ts [port]`: the Factus stand-in for `npm run dev`. It prints the variables
// to start the app with and logs every document it validates.
import { startFactusStandIn } from './factus-stand-in.ts';

const standIn = await startFactusStandIn({ port: Number(process.argv[2] ?? 3200) });
console.log(`Stand-in de Factus en ${standIn.url}. Arranca la app con:`);
for (const [key, value] of Object.entries(standIn.env)) console.log(`  ${key}=${value}`);
let seen = 0;
setInterval(() => {
  for (const document of standIn.documents.slice(seen))
    console.log(
      `[stand-in] ${document.number} referencia ${document.reference_code} CUFE ${document.cufe.slice(0, 16)}…`,
    );
  seen = standIn.documents.length;
}, 500);
