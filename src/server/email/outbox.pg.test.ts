import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { emailQueueSuite, startTestSmtpServer } from '../../../tests/support/email-queue-suite.ts';

// Read by env() on first use, after this.
const smtp = await startTestSmtpServer();
process.env.EMAIL_SERVER = smtp.url;
await describeOnPostgres(() => emailQueueSuite(smtp));
