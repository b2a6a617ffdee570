import { ErrorLayout } from './error-layout';

export function PageNotFound() {
  return <ErrorLayout code="404" title="This page could not be found" />;
}
