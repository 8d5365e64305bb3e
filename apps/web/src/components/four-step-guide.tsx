import { List, Text, ThemeIcon, Title } from '@mantine/core';

const STEPS = [
  'Create an account and affiliate with your institution.',
  'Review and agree to your institution’s executed Researcher Distribution Agreement (RDA) joinder.',
  'Create a project with a title, an abstract and your IRB approval or exemption document.',
  'Create a request for a resource type; the science team or a committee reviews it.',
];

/** The four steps visitors are shown (foundation §1). */
export function FourStepGuide() {
  return (
    <section aria-labelledby="four-steps">
      <Title order={2} fz="lg" id="four-steps" mb="sm">
        How to request resources
      </Title>
      <List spacing="sm" center>
        {STEPS.map((step, index) => (
          <List.Item
            key={step}
            icon={
              <ThemeIcon radius="xl" size={26} aria-hidden>
                {index + 1}
              </ThemeIcon>
            }
          >
            <Text size="sm">{step}</Text>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
