/**
 * The token flavour of login (spec §7 /oauthToken/…): the same configuration, login and resource
 * tree as /oauth/… and newList.json, under the paths a token client calls.
 */
import { accountEndpoints } from './accounts.ts';
import { loginAt, loginConfigAt } from './auth.ts';
import { endpoint } from './endpoint.ts';

export const tokenEndpoints = {
  config: loginConfigAt('/oauthToken/getConfig'),
  loginPage: loginConfigAt('/oauthToken/loginPage'),
  login: loginAt('/oauthToken/v4/token'),
  resources: endpoint({
    method: 'GET',
    path: '/oauthToken/listResource',
    tag: '登录',
    summary: '获取资源树',
    answer: accountEndpoints.resourceTree.answer,
  }),
};
