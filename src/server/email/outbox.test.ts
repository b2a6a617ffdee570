import { emailQueueSuite, startTestSmtpServer } from '../../../tests/support/email-queue-suite.ts';

// Read by env() on first use, after this.
const smtp = await startTestSmtpServer();
process.env.EMAIL_SERVER = smtp.url;
emailQueueSuite(smtp);
