import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { EmailFooter, footerText } from './email-footer.tsx';
import type { TFunction } from 'i18next';
import { identity } from '../../lib/identity.ts';

interface Props {
  t: TFunction<'organizations'>;
  lang: string;
  dir: 'ltr' | 'rtl';
  inviter: string;
  organization: string;
  role: string;
  url: string;
  hours: number;
}

function InvitationEmail({ t, lang, dir, inviter, organization, role, url, hours, footer }: Props & { footer: string }) {
  const values = { inviter, organization, role };
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{t('email.subject', values)}</Preview>
      <Body style={{ backgroundColor: '#f6f6f6', fontFamily: 'system-ui, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', borderRadius: '8px', maxWidth: '480px' }}>
          <Heading as="h1" style={{ fontSize: '20px' }}>
            {t('email.heading')}
          </Heading>
          <Text>{t('email.body', values)}</Text>
          <Section style={{ textAlign: 'center', margin: '24px 0' }}>
            <Button
              href={url}
              style={{
                backgroundColor: identity.brand.light.hex,
                color: identity.brand.light.foregroundHex,
                padding: '12px 20px',
                borderRadius: '6px',
              }}
            >
              {t('email.button')}
            </Button>
          </Section>
          <Text style={{ fontSize: '12px', wordBreak: 'break-all' }}>{url}</Text>
          <Text style={{ color: '#666666', fontSize: '12px' }}>{t('email.expires', { hours })}</Text>
          <EmailFooter text={footer} />
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The organisation's name is anyone's free text ("Visit evil·example/login now"): a phishing attempt
 * would borrow the app's sender for it. So it is in neither the subject, the preview nor the heading,
 * only in the body, quoted as the organisation's own words.
 */
export async function renderInvitationEmail(props: Props) {
  const element = <InvitationEmail {...props} footer={await footerText(props.lang)} />;
  return {
    // Not the organisation's name: it is anyone's free text, and a phishing attempt would borrow the app's sender for it.
    subject: props.t('email.subject', { inviter: props.inviter }),
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}
