import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { imagesApiSuite } from '../../../tests/support/images-api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL): simultaneous changes really run at once there.
process.env.UPLOAD_MAX_PIXELS = '1000000';
await describeOnPostgres(imagesApiSuite);
