import assert from 'node:assert/strict';
import { Workbench } from './workbench';

describe('journey: first look at AppHost', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await Workbench.open();
  });
  after(async () => workbench?.close());

  it('shows the AppHost icon in the activity bar and opens the view', async () => {
    await workbench.openAppHostView();
  });

  it('shows the welcome content while no account is connected', async () => {
    const welcome = workbench.welcomeView();
    await welcome.waitFor();
    assert.match(await welcome.innerText(), /Browse your AppHost servers, apps and databases/);
    await welcome.getByRole('button', { name: 'Set Service URL' }).waitFor();
    await workbench.screenshot('welcome');
  });

  it('validates the service URL as the user types and saves a valid one', async () => {
    await workbench.welcomeView().getByRole('button', { name: 'Set Service URL' }).click();
    const input = workbench.quickInput().locator('input');
    await input.waitFor();
    await input.fill('http://apphost.example.com');
    await workbench.quickInput().getByText(/Refusing plain http:\/\/ for apphost.example.com/).waitFor();
    await workbench.screenshot('service-url-validation');
    await input.fill('https://apphost.example.com/');
    await input.press('Enter');
    await workbench.quickInput().waitFor({ state: 'hidden' });
  });
});
