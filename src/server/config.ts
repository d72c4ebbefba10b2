import path from 'node:path';

/** Every environment variable the portal reads, in one place (the README lists them). */
export const config = {
  get databaseUrl() {
    return process.env.DATABASE_URL || undefined;
  },
  get dataDir() {
    return path.resolve(process.env.DATA_DIR || './data');
  },
  get referralBaseUrl() {
    return process.env.REFERRAL_BASE_URL || `${this.publicBaseUrl.replace(/\/+$/, '')}/daftar`;
  },
  get publicBaseUrl() {
    return process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 4321}`;
  },
  get smtpUrl() {
    return process.env.SMTP_URL || undefined;
  },
  get mailFrom() {
    return process.env.MAIL_FROM || 'Portal Member <no-reply@portal-member.local>';
  },
  /** Seed the demo business on the first start of an empty database (default on). */
  get seedOnStart() {
    return process.env.SEED_ON_START !== '0';
  },
  get demoMembers() {
    return Number(process.env.DEMO_MEMBERS || 300);
  },
};
