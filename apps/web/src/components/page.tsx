import { useEffect, useRef, type ReactNode } from 'react';
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@/lib/config';
import { UntilHydrated } from './until-hydrated';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Navigation state asking the next screen to move focus to its heading (after signing in, where
 * the page changes under a keyboard or screen-reader user without them following a link).
 */
export const FOCUS_HEADING = 'focusHeading';

/** A screen's frame: breadcrumbs from Home, the heading, and the document title. */
export function Page({
  title,
  crumbs = [],
  current,
  actions,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  /** The last breadcrumb when it differs from the heading (e.g. a project's public id). */
  current?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = Boolean((location.state as Record<string, unknown> | null)?.[FOCUS_HEADING]);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading, location.key]);
  // Home is the trail's first step, so on the home page itself it is the whole trail (its heading
  // greets the person: "Home / Welcome, Demo" would name one page twice).
  const trail: Crumb[] =
    location.pathname === '/'
      ? [{ label: 'Home' }]
      : [{ label: 'Home', to: '/' }, ...crumbs, { label: current ?? title }];
  // The screens the server renders arrive drawn before their code: their controls wait for it.
  return (
    <UntilHydrated>
      <Stack gap="lg">
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separator="/">
            {trail.map((crumb, index) =>
              crumb.to && index < trail.length - 1 ? (
                <Anchor component={Link} to={crumb.to} key={`${crumb.label}-${index}`} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text
                  size="sm"
                  c="gray.7"
                  key={`${crumb.label}-${index}`}
                  aria-current={index === trail.length - 1 ? 'page' : undefined}
                >
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </nav>
        <Stack gap={4}>
          <Title order={1} fz={28} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </UntilHydrated>
  );
}
