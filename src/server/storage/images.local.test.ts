import { imagesApiSuite } from '../../../tests/support/images-api-suite.ts';

// Pictures on the local disk (DATA_DIR=memory:// in tests: a temporary folder). 1 million pixels at most.
process.env.UPLOAD_MAX_PIXELS = '1000000';
imagesApiSuite();
