import type {
  ActivateRequest,
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  SessionUser,
  SignupRequest,
  UpdateOwnProfileRequest,
} from '@workbench/domain';
import { api } from '../../api/client';

type Success = { success: true };

export const authApi = {
  login: (body: LoginRequest) => api<LoginResponse>('auth/login', { body, auth: false }),
  signup: (body: SignupRequest) => api<LoginResponse>('auth/signup', { body, auth: false }),
  forgotPassword: (email: string) => api<Success>('auth/forgot_password', { body: { email }, auth: false }),
  loginLink: (email: string) => api<Success>('auth/login_link', { body: { email }, auth: false }),
  resetPassword: (body: ResetPasswordRequest) =>
    api<LoginResponse>('auth/reset_password', { body, auth: false }),
  tokenLogin: (token: string) => api<LoginResponse>('auth/tokenlogin', { body: { token }, auth: false }),
  activate: (body: ActivateRequest) => api<LoginResponse>('users/activate', { body, auth: false }),
  changePassword: (body: ChangePasswordRequest) => api<Success>('auth/change_password', { body }),
  logout: () => api<Success>('auth/logout', { method: 'POST' }),
  me: () => api<SessionUser>('user/me'),
  updateMe: (body: UpdateOwnProfileRequest) => api<SessionUser>('user/me', { method: 'PUT', body }),
};
