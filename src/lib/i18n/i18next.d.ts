import 'i18next';
import type { defaultResources } from './i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof defaultResources;
  }
}
