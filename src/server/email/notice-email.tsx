import { Body, Container, Head, Heading, Html, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { EmailFooter, footerText } from './email-footer.tsx';

/** A message that tells, with nothing to click or type (the notices of a change of email). */
interface Props {
  lang: string;
  dir: 'ltr' | 'rtl';
  subject: string;
  heading: string;
  paragraphs: string[];
}

function NoticeEmail({ lang, dir, subject, heading, paragraphs, footer }: Props & { footer: string }) {
  return (
    <Html lang={lang} dir={dir}>
      <Head />
      <Preview>{subject}</Preview>
      <Body style={{ backgroundColor: '#f6f6f6', fontFamily: 'system-ui, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', borderRadius: '8px', maxWidth: '480px' }}>
          <Heading as="h1" style={{ fontSize: '20px' }}>
            {heading}
          </Heading>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          <EmailFooter text={footer} />
        </Container>
      </Body>
    </Html>
  );
}

export async function renderNoticeEmail(props: Props) {
  const element = <NoticeEmail {...props} footer={await footerText(props.lang)} />;
  return {
    subject: props.subject,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
}
