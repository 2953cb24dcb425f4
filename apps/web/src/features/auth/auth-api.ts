import {
  type ActivateRequest,
  authContracts,
  type ChangePasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type UpdateOwnProfileRequest,
  userContracts,
} from '@workbench/domain';
import { call } from '../../api/client';

/** Logging in and out, and the caller's own profile; the calls made without a login send no token. */
export const authApi = {
  login: (body: LoginRequest) => call(authContracts.login, { body }),
  signup: (body: SignupRequest) => call(authContracts.signup, { body }),
  forgotPassword: (email: string) => call(authContracts.forgotPassword, { body: { email } }),
  loginLink: (email: string) => call(authContracts.loginLink, { body: { email } }),
  resetPassword: (body: ResetPasswordRequest) => call(authContracts.resetPassword, { body }),
  tokenLogin: (token: string) => call(authContracts.tokenLogin, { body: { token } }),
  activate: (body: ActivateRequest) => call(authContracts.activate, { body }),
  changePassword: (body: ChangePasswordRequest) => call(authContracts.changePassword, { body }),
  logout: () => call(authContracts.logout),
  me: () => call(userContracts.get, { params: { id: 'me' } }),
  updateMe: (body: UpdateOwnProfileRequest) => call(userContracts.update, { params: { id: 'me' }, body }),
};
