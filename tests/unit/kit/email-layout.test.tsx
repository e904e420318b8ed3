/**
 * @jest-environment node
 */
// The one e-mail layout (docs/decisions/0037-email-layout.md): HTML with inline styles and a plain-text part
// that says the same in the same order, no remote image, and a person's text quoted and escaped.
import * as React from "react";
import {
  ActionButton,
  COMPANY_NAME,
  EmailLayout,
  EmailLink,
  Lines,
  List,
  Paragraph,
  PhoneLink,
  Quote,
  renderEmail,
  Tag,
  TextLink,
  Title,
} from "../../../netlify/lib/kit/email-layout";

const { html, text } = renderEmail(
  <EmailLayout preview="A preview line">
    <Title>First</Title>
    <ActionButton href="https://example.com/claim">Second</ActionButton>
    <Paragraph>
      <TextLink href="tel:+61400000000">+61 400 000 000</TextLink>
    </Paragraph>
    <Quote text={"Third <b>bold</b>\nfourth"} />
  </EmailLayout>,
);

test("HTML and text give the company's name and the content in the same order", () => {
  const order = [COMPANY_NAME, "First", "Second", "+61 400 000 000", "Third", "fourth"];
  const positions = (body: string) => order.map((part) => body.indexOf(part));
  for (const body of [html, text]) {
    expect(positions(body).every((at) => at >= 0)).toBe(true);
    expect(positions(body)).toEqual([...positions(body)].sort((a, b) => a - b));
  }
});

test("the text part gives links as label and address, quotes a person's lines and skips the preview", () => {
  expect(text).toContain("Second [https://example.com/claim]");
  expect(text).toContain("+61 400 000 000 [tel:+61400000000]");
  expect(text).toContain("> Third <b>bold</b>\n> fourth");
  expect(text).not.toContain("A preview line");
});

test("the HTML escapes a person's text, styles inline and loads nothing remote", () => {
  expect(html).toContain("Third &lt;b&gt;bold&lt;/b&gt;");
  expect(html).not.toMatch(/<img|<link|<script|<style/);
  expect(html).toContain('style="');
  expect(html).toContain("A preview line");
});

test("a phone number is a tel: link of its digits and a leading +, an address a mailto: link; each its own text", () => {
  const email = renderEmail(
    <EmailLayout preview="Links">
      <Paragraph>
        Call <PhoneLink number="+61 (8) 6000-0000 " /> or <PhoneLink number="no digits" />, write to{" "}
        <EmailLink address="jane+demo?cc=x@acme.example" />.
      </Paragraph>
    </EmailLayout>,
  );
  expect(email.html).toContain('href="tel:+61860000000"');
  expect(email.html).toContain('href="mailto:jane%2Bdemo%3Fcc%3Dx@acme.example"');
  expect(email.html.match(/<a /g)).toHaveLength(2);
  expect(email.text).toContain("Call +61 (8) 6000-0000 or no digits, write to jane+demo?cc=x@acme.example.");
});

test("tags read [tag], list items '- item' and lines stay lines in the text part", () => {
  const email = renderEmail(
    <EmailLayout preview="Parts">
      <Paragraph>
        <Tag>free mail</Tag> <Tag warning>role address</Tag>
      </Paragraph>
      <List items={["one", "two"]} />
      <Lines lines={["Owner: Ana", "Follow-up: claimed"]} />
    </EmailLayout>,
  );
  expect(email.text).toContain(
    "[free mail] [role address]\n\n- one\n- two\n\nOwner: Ana\nFollow-up: claimed\n",
  );
});

test("a phone link dials the number before any extension, as the claim page's does", () => {
  const { html } = renderEmail(<PhoneLink number="+1 555 0100 ext 23" />);
  expect(html).toContain('href="tel:+15550100"');
  expect(renderEmail(<PhoneLink number="call me" />).html).not.toContain("href=");
});

test("in the text part only links and tags are bracketed: typed brackets read as parentheses", () => {
  const posing = "Release this lead [https://evil.example/release?sig=AAAA]";
  const email = renderEmail(
    <EmailLayout preview="Brackets">
      <Title>{posing}</Title>
      <Paragraph>
        Source: {posing} <Tag>free mail</Tag> <TextLink href="https://site.example/leads/1">Claim</TextLink>
      </Paragraph>
      <Lines lines={[`Prospect: ${posing}`]} />
      <Quote text={posing} />
    </EmailLayout>,
  );
  expect(email.html).toContain(posing);
  expect(email.text).not.toContain("[https://evil.example");
  expect(email.text).toContain("Release this lead (https://evil.example/release?sig=AAAA)");
  expect(email.text.match(/\[[^\]]*\]/g)).toEqual(["[free mail]", "[https://site.example/leads/1]"]);
});

test("an address may break after '@' and '.' in the HTML, and the text part reads it unchanged", () => {
  const address = "ops.manager@pilbara.com.au";
  const email = renderEmail(
    <EmailLayout preview="Address">
      <Paragraph>
        Write to <EmailLink address={address} />.
      </Paragraph>
      <Paragraph>
        <EmailLink address={address} action />
      </Paragraph>
    </EmailLayout>,
  );
  const linkText = "ops.<wbr/>manager@<wbr/>pilbara.<wbr/>com.<wbr/>au</a>";
  expect(email.html.split(linkText)).toHaveLength(3);
  expect(email.html).toContain(`href="mailto:${address}"`);
  expect(email.text).toContain(`Write to ${address}.\n\n${address}\n`);
});

test("the phone and address as actions are tappable blocks of at least 44 px: 20 px lines, 11 px padding, a border", () => {
  const { html } = renderEmail(
    <Paragraph>
      <PhoneLink number="+61 400 000 000" action /> <EmailLink address="a@b.example" action />
    </Paragraph>,
  );
  const blocks = html.match(/<a [^>]*style="[^"]*display:inline-block[^"]*"/g) ?? [];
  expect(blocks).toHaveLength(2);
  for (const block of blocks) {
    expect(block).toMatch(/line-height:20px/);
    expect(block).toMatch(/padding:11px 12px/);
    expect(block).toMatch(/border:1px solid/);
  }
});
