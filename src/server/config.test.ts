import { describe, expect, it } from 'vitest';
import { nitCheckDigit } from '../shared/einvoice/billing-data.ts';
import { ConfigError, DEFAULT_OFFICE_ADDRESS, loadConfig, publicConfig } from './config.ts';

describe('configuration', () => {
  it('has the defaults of docs/CONFIGURATION.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      smtpUrl: undefined,
      mailFrom: 'CasilleroYa <no-reply@example.com>',
      adminEmails: [],
      brandName: 'CasilleroYa',
      officeAddress: DEFAULT_OFFICE_ADDRESS,
      supportWhatsapp: '13055550114',
      supportEmail: 'soporte@example.com',
      privacyEmail: 'privacidad@example.com',
      companyName: 'CasilleroYa S.A.S.',
      companyNit: '900.123.456-8',
      companyAddress: 'Calle 100 # 8A-55, Bogotá, Colombia',
      officePhone: '3055550134',
      secureCookies: false,
      rateLimits: true,
      trustProxy: false,
      deliveryMaxAttempts: 3,
    });
    expect(DEFAULT_OFFICE_ADDRESS).toMatch(/Hialeah, FL/);
    expect(DEFAULT_OFFICE_ADDRESS).toMatch(/Suite 114/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://casillero.example/',
      DATABASE_URL: 'postgres://u@db/x',
      DATA_DIR: '/var/lib/casillero',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Casillero <hola@casillero.example>',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_EMAILS: ' Ana@Example.com, luis@example.com ',
      BRAND_NAME: 'MiMarca',
      OFFICE_ADDRESS: '1 Main St\\nSuite 114\\nHialeah, FL 33010',
      SUPPORT_WHATSAPP: '573001112233',
      SUPPORT_EMAIL: 'ayuda@casillero.example',
      PRIVACY_EMAIL: 'datos@casillero.example',
      COMPANY_NAME: 'Envíos MiMarca S.A.S.',
      COMPANY_NIT: '890903938-8',
      COMPANY_ADDRESS: 'Carrera 7 # 71-21, Bogotá',
      OFFICE_PHONE: '+1 (786) 555-0199',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://casillero.example',
      secureCookies: true,
      databaseUrl: 'postgres://u@db/x',
      dataDir: '/var/lib/casillero',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Casillero <hola@casillero.example>',
      adminEmails: ['ana@example.com', 'luis@example.com'],
      brandName: 'MiMarca',
      officeAddress: '1 Main St\nSuite 114\nHialeah, FL 33010',
      supportWhatsapp: '573001112233',
      supportEmail: 'ayuda@casillero.example',
      privacyEmail: 'datos@casillero.example',
      companyName: 'Envíos MiMarca S.A.S.',
      companyNit: '890903938-8',
      companyAddress: 'Carrera 7 # 71-21, Bogotá',
      officePhone: '7865550199',
    });
  });

  it("names the company after the brand unless COMPANY_NAME says otherwise, and gives the browser the footer's identity", () => {
    expect(loadConfig({ BRAND_NAME: 'MiMarca' }).companyName).toBe('MiMarca S.A.S.');
    expect(publicConfig(loadConfig({}))).toEqual({
      brandName: 'CasilleroYa',
      appUrl: 'http://localhost:3000',
      officeAddress: DEFAULT_OFFICE_ADDRESS,
      supportWhatsapp: '13055550114',
      supportEmail: 'soporte@example.com',
      privacyEmail: 'privacidad@example.com',
      companyName: 'CasilleroYa S.A.S.',
      companyNit: '900.123.456-8',
      companyAddress: 'Calle 100 # 8A-55, Bogotá, Colombia',
      officePhone: '3055550134',
      wompiPublicKey: '',
    });
  });

  it("checks a NIT's verification digit as DIAN computes it", () => {
    // Published NITs: Bancolombia, Davivienda, Ecopetrol.
    expect(nitCheckDigit('890903938')).toBe(8);
    expect(nitCheckDigit('860034313')).toBe(7);
    expect(nitCheckDigit('899999068')).toBe(1);
    expect(loadConfig({ COMPANY_NIT: '899.999.068-1' }).companyNit).toBe('899.999.068-1');
  });

  it('reads OFFICE_PHONE written the ways people write a US number', () => {
    for (const phone of ['(305) 555-0134', '+1 305 555 0134', '13055550134', '305.555.0134'])
      expect(loadConfig({ OFFICE_PHONE: phone }).officePhone).toBe('3055550134');
  });

  it.each([
    ['PORT', 'ochenta'],
    ['APP_URL', 'ftp://x'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://x'],
    ['ADMIN_EMAILS', 'no-es-correo'],
    ['OFFICE_ADDRESS', 'sin ciudad'],
    ['SUPPORT_WHATSAPP', '+1 305'],
    ['SUPPORT_EMAIL', 'x'],
    ['AUTH_SECRET', 'corto'],
    ['RATE_LIMITS', 'quizas'],
    ['TRUST_PROXY', 'si'],
    ['COMPANY_NIT', '900.123.456-7'],
    ['COMPANY_NIT', 'NIT'],
    ['COMPANY_ADDRESS', ' '],
    ['OFFICE_PHONE', '+57 300 111 2233'],
    ['OFFICE_PHONE', '(055) 555-0134'],
    ['DELIVERY_MAX_ATTEMPTS', 'tres'],
    ['DELIVERY_MAX_ATTEMPTS', '0'],
    ['DELIVERY_MAX_ATTEMPTS', '2.5'],
  ])('stops with a message naming %s when it is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('follows PORT with APP_URL when it is unset or empty, and keeps an APP_URL that is set', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', APP_URL: ' ' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', APP_URL: 'https://casillero.example' }).appUrl).toBe(
      'https://casillero.example',
    );
  });

  it('reads DELIVERY_MAX_ATTEMPTS', () => {
    expect(loadConfig({ DELIVERY_MAX_ATTEMPTS: '5' }).deliveryMaxAttempts).toBe(5);
  });

  it('refuses CAPTCHA_TEST_ANSWER and requires AUTH_SECRET in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), CAPTCHA_TEST_ANSWER: 'ABCDE' }),
    ).toThrow(/CAPTCHA_TEST_ANSWER/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }).production).toBe(true);
  });
});
