// An organisation whose owners require a second factor, seen by a member without one (docs/decisions/095): what is
// missing and the way to it, in place of the organisation's content.
import { Link } from '@tanstack/react-router';
import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { isolatedSentence } from '#/components/isolated-sentence';

export function SecondFactorNeeded({ organization }: { organization: { name: string } }) {
  const { t } = useTranslation();
  return (
    <div data-testid="second-factor-needed">
      <EmptyState
        icon={<ShieldCheckIcon />}
        title={isolatedSentence((word) => t('organizationTwoFactor.neededTitle', { organization: word(organization.name) }))}
        description={t('organizationTwoFactor.neededDescription')}
        action={
          <Link to="/app/account" hash="two-factor" className={buttonVariants({ size: 'sm' })}>
            {t('organizationTwoFactor.setUp')}
          </Link>
        }
      />
    </div>
  );
}
