import {
  appDetail,
  checkSigning,
  editApp,
  refreshAppPage,
  rotateSecret,
  showSecret,
  verifyApp,
} from "./pages/app-page.ts";
import { appsPage, developerHome } from "./pages/apps-page.ts";
import { replaceCredentials } from "./pages/credential-actions.ts";
import { eventDetail, replayEvent } from "./pages/event-page.ts";
import { connect, install, installForm } from "./pages/install-page.ts";
import {
  checkInstallationHandshake,
  createInstallationTrigger,
  sendInstallationTestEvent,
} from "./pages/installation-actions.ts";
import { installationDetail } from "./pages/installation-page.ts";
import { marketplace, toggleFrontDesk, uninstall } from "./pages/marketplace-page.ts";
import { createDraft, newAppPage, previewNewApp } from "./pages/new-app-page.ts";
import { cancelUpgradePage, moveBackPage, publishVersion, upgradeInstallationsPage } from "./pages/release-actions.ts";
import { resendInstallationReply } from "./pages/reply-actions.ts";
import { submitReview, uploadFixtures } from "./pages/review-actions.ts";
import { htmlReport, jsonReport, junitReport, reviewPage } from "./pages/review-page.ts";
import { resendRunCallback, runDetail } from "./pages/run-page.ts";
import { signIn, signInPage, signOut } from "./pages/sign-in.ts";
import { stylesheet } from "./pages/stylesheet.ts";
import type { PortalRoute } from "./portal-route.ts";

/** Every portal page, first match wins (D230: HTML pages, outside the public API's endpoint table). */
export const PORTAL_ROUTES: readonly PortalRoute[] = [
  stylesheet,
  signInPage,
  signIn,
  signOut,
  developerHome,
  appsPage,
  newAppPage,
  previewNewApp,
  createDraft,
  appDetail,
  rotateSecret,
  showSecret,
  checkSigning,
  verifyApp,
  refreshAppPage,
  editApp,
  uploadFixtures,
  submitReview,
  publishVersion,
  upgradeInstallationsPage,
  cancelUpgradePage,
  moveBackPage,
  reviewPage,
  jsonReport,
  junitReport,
  htmlReport,
  marketplace,
  toggleFrontDesk,
  uninstall,
  installationDetail,
  eventDetail,
  replayEvent,
  createInstallationTrigger,
  sendInstallationTestEvent,
  checkInstallationHandshake,
  replaceCredentials,
  resendInstallationReply,
  runDetail,
  resendRunCallback,
  installForm,
  install,
  connect,
];
