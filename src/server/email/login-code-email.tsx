import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { EmailFooter, footerText } from './email-footer.tsx';
import type { TFunction } from 'i18next';

interface Props {
  t: TFunction<'auth'>;
  lang: string;
  dir: 'ltr' | 'rtl';
  code: string;
  minutes: number;
  /** Another code's words (a change of email's); the sign-in code's without. */
  words?: Words | undefined;
}

interface Words {
  subject: string;
  preview: string;
  heading: string;
  intro: string;
  ignore: string;
}

const signInWords = (t: TFunction<'auth'>, code: string): Words => ({
  subject: t('email.subject'),
  preview: t('email.preview', { code }),
  heading: t('email.heading'),
  intro: t('email.intro'),
  ignore: t('email.ignore'),
});

function LoginCodeEmail({ t, lang, dir, code, minutes, words = signInWords(t, code), footer }: Props & { footer: string }) {
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{words.preview}</Preview>
      <Body style={{ backgroundColor: '#f6f6f6', fontFamily: 'system-ui, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', borderRadius: '8px', maxWidth: '480px' }}>
          <Heading as="h1" style={{ fontSize: '20px' }}>
            {words.heading}
          </Heading>
          <Text>{words.intro}</Text>
          <Section style={{ textAlign: 'center', margin: '24px 0' }}>
            <Text style={{ fontSize: '32px', fontWeight: 700, letterSpacing: '8px', fontFamily: 'monospace' }}>{code}</Text>
          </Section>
          <Text>{t('email.expires', { count: minutes })}</Text>
          <Text style={{ color: '#666666', fontSize: '12px' }}>{words.ignore}</Text>
          <EmailFooter text={footer} />
        </Container>
      </Body>
    </Html>
  );
}

export async function renderLoginCodeEmail(props: Props) {
  const element = <LoginCodeEmail {...props} footer={await footerText(props.lang)} />;
  return {
    subject: (props.words ?? signInWords(props.t, props.code)).subject,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}
