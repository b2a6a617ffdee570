import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { imagesApiSuite } from '../../../tests/support/images-api-suite.ts';

// Simultaneous changes really run at once on PostgreSQL.
process.env.UPLOAD_MAX_PIXELS = '1000000';
await describeOnPostgres(imagesApiSuite);
