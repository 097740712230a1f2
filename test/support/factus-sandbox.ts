// Factus's sandbox as the stand-in (factus-stand-in.ts) plays it: the credentials it accepts, its numbering ranges,
// the municipalities it knows, and the shape of a document it issued with the codes it shows.

export const STAND_IN_CREDENTIALS = {
  clientId: '9e9929e9-0000-4b69-8690-standin00001',
  clientSecret: 'stand-in-client-secret-Q8r2',
  username: 'sandbox@factus.com.co',
  password: 'stand-in-password-7Zk4',
};
export const RANGE = { id: 8, prefix: 'SETP', from: 990000000 };
export const CREDIT_RANGE = { id: 9, prefix: 'NC', from: 1 };
export const MUNICIPALITIES = [
  { id: 980, code: '05001', name: 'Medellín', department: 'Antioquia' },
  { id: 149, code: '11001', name: 'Bogotá', department: 'Bogotá D.C.' },
  { id: 1079, code: '76001', name: 'Cali', department: 'Valle del Cauca' },
];
/** DIAN's weights for a NIT's check digit (mod 11). */
export const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export interface StandInDocument {
  id: number;
  number: string;
  reference_code: string;
  /** Its DIAN code: a bill's CUFE, a credit note's CUDE. */
  cufe: string;
  qr: string;
  kind: 'bill' | 'credit_note';
  body: Record<string, any>;
}

/** The codes Factus shows of `document`: a bill's CUFE; a credit note's own CUDE, and the CUFE of the bill it annuls. */
export const codesOf = (document: StandInDocument, documents: StandInDocument[]) =>
  document.kind === 'bill'
    ? { cufe: document.cufe }
    : {
        cude: document.cufe,
        cufe:
          documents.find((d) => d.kind === 'bill' && d.id === Number(document.body.bill_id))?.cufe ?? null,
      };
