import { usersApiSuite } from '../../../tests/support/users-api-suite.ts';

usersApiSuite();
