import { Loader, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Navigate } from 'react-router';
import { can, type FeatureToggleDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { useActor } from '@/lib/use-can';
import { useFeatureToggles, useSwitchFeature } from '../api/feature-toggles';

/** What each feature turns on, for the people switching it. */
const FEATURES: Record<string, string> = {
  abn_epic: 'Autism BrainNet tissue requests in the request wizard and the ABN reviewers’ lists.',
  biospecimen_epic: 'Sample-id validation and the availability legend for biospecimen requests.',
};

/** /feature-toggles: superusers switch the portal's features; every switch is kept in history. */
export default function FeatureTogglesScreen() {
  const actor = useActor();
  const toggles = useFeatureToggles();
  const toggle = useSwitchFeature();
  if (actor && !can(actor, 'update', 'FeatureToggle')) return <Navigate to="/404" replace />;

  const flip = (feature: FeatureToggleDto, enabled: boolean) =>
    toggle.mutate(
      { id: feature.id, enabled },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            message: `${saved.feature_code} is ${saved.enabled ? 'on' : 'off'}.`,
          }),
      },
    );

  return (
    <Page title="Feature Toggles">
      <Text size="sm" maw={720}>
        A feature switched here changes the portal for everyone at once. Each switch is recorded with who made
        it.
      </Text>
      {toggles.isPending ? (
        <Loader aria-label="Loading feature toggles" />
      ) : (
        <Stack gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(toggles.data?.results ?? []).map((feature) => (
            <li key={feature.id}>
              <Switch
                label={feature.feature_code}
                description={FEATURES[feature.feature_code]}
                checked={feature.enabled}
                disabled={toggle.isPending && toggle.variables?.id === feature.id}
                onChange={(event) => flip(feature, event.currentTarget.checked)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Page>
  );
}
