import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { TFunction } from 'i18next';

interface Props {
  t: TFunction<'auth'>;
  lang: string;
  dir: 'ltr' | 'rtl';
  code: string;
  minutes: number;
}

function LoginCodeEmail({ t, lang, dir, code, minutes }: Props) {
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{t('email.preview', { code })}</Preview>
      <Body style={{ backgroundColor: '#f6f6f6', fontFamily: 'system-ui, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', borderRadius: '8px', maxWidth: '480px' }}>
          <Heading as="h1" style={{ fontSize: '20px' }}>
            {t('email.heading')}
          </Heading>
          <Text>{t('email.intro')}</Text>
          <Section style={{ textAlign: 'center', margin: '24px 0' }}>
            <Text style={{ fontSize: '32px', fontWeight: 700, letterSpacing: '8px', fontFamily: 'monospace' }}>{code}</Text>
          </Section>
          <Text>{t('email.expires', { count: minutes })}</Text>
          <Text style={{ color: '#666666', fontSize: '12px' }}>{t('email.ignore')}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderLoginCodeEmail(props: Props) {
  const element = <LoginCodeEmail {...props} />;
  return {
    subject: props.t('email.subject'),
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}
