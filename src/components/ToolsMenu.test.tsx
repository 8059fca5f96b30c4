import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ROUTES } from '../../engine/site/routes';
import { renderAtPath } from '../../tests/helpers/renderAtPath';
import { ToolsMenu } from './ToolsMenu';

const listed = ROUTES.filter((route) => route.listed);

describe('ToolsMenu', () => {
  test('a disclosure button: opens a panel linking every listed tool under the language prefix of the page, Escape closes it', async () => {
    const screen = await renderAtPath('/de', <ToolsMenu />);
    const button = screen.getByTestId('nav.toolsMenu');
    const panel = screen.getByTestId('nav.toolsPanel');
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(panel).not.toBeVisible();
    await userEvent.click(button);
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await expect.element(panel).toBeVisible();
    const links = [...panel.element().querySelectorAll('a')].map((link) => link.getAttribute('href'));
    for (const route of listed) expect(links).toContain(`/de${route.path}`);
    expect(links).toContain('/de/tools');
    await userEvent.keyboard('{Escape}');
    await expect.element(panel).not.toBeVisible();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('a press outside closes it; following a tool link closes it and goes there', async () => {
    const screen = await renderAtPath(
      '/en',
      <>
        <p>Somewhere else on the page</p>
        <ToolsMenu />
      </>,
    );
    const panel = screen.getByTestId('nav.toolsPanel');
    await userEvent.click(screen.getByTestId('nav.toolsMenu'));
    await expect.element(panel).toBeVisible();
    await userEvent.click(screen.getByText('Somewhere else on the page'));
    await expect.element(panel).not.toBeVisible();
    await userEvent.click(screen.getByTestId('nav.toolsMenu'));
    const link = panel.getByRole('link').first();
    const href = link.element().getAttribute('href');
    expect(href).toMatch(/^\/en\/./);
    await userEvent.click(link);
    await expect.element(screen.getByTestId('location')).toHaveTextContent(href ?? '');
    await expect.element(panel).not.toBeVisible();
  });
});
