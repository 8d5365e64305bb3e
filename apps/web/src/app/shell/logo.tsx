import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/lib/config';
import classes from './shell.module.css';

export function Logo() {
  return (
    <Anchor
      component={Link}
      to="/"
      underline="never"
      className={classes.logo}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={30} height={30} />
      {/* The name needs room the staff header only has on wide screens. */}
      <Text fw={700} fz="lg" c="white" visibleFrom="lg">
        {PRODUCT_NAME}
      </Text>
    </Anchor>
  );
}
