import { List, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/lib/config';

/** The terms of use, shown on /terms-and-conditions and in the terms modal. */
export function TermsText() {
  return (
    <Stack gap="md" maw={800}>
      <Text>
        {PRODUCT_NAME} is run by a research foundation to give qualified autism researchers access to research
        resources. By creating an account or signing in you agree to these terms.
      </Text>
      <Title order={2} fz="lg">
        Who may use the portal
      </Title>
      <List spacing="xs">
        <List.Item>
          Accounts are for principal investigators and the staff and officials who support them.
        </List.Item>
        <List.Item>
          Researchers and organisations in China (including Hong Kong and Macau), Russia, Iran, North Korea,
          Cuba and Venezuela may not register.
        </List.Item>
        <List.Item>
          You keep your password to yourself and tell us at once if you think it is known to someone else.
        </List.Item>
      </List>
      <Title order={2} fz="lg">
        Using resources
      </Title>
      <List spacing="xs">
        <List.Item>
          Resources are used only for the approved project, under its IRB approval or exemption.
        </List.Item>
        <List.Item>
          You follow your institution’s Researcher Distribution Agreement and your joinder to it.
        </List.Item>
        <List.Item>
          You make no attempt to identify participants, and contact them only through approved recontact.
        </List.Item>
      </List>
      <Title order={2} fz="lg" id="privacy">
        Privacy
      </Title>
      <Text>
        We keep the information you give us (name, contact details, institution, projects and requests) to
        review and administer your requests, and share it only with reviewers and your institution’s signing
        official.
      </Text>
      <Title order={2} fz="lg" id="cookies">
        Cookies
      </Title>
      <Text>
        The portal uses two cookies of its own: one keeps you signed in until your session ends, the other
        remembers the role you are viewing as for 30 days. The bot check on sign-in and registration may set
        cookies of its provider.
      </Text>
      <Text size="sm" c="gray.7">
        Questions: {SUPPORT_EMAIL}
      </Text>
    </Stack>
  );
}
