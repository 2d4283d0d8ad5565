/*
 * The socket floor's native reader (bench/socket-floor.bench.ts, `--modes=native`): not part of the
 * platform. Connections' fds join one epoll set of its own, watched by the Node loop through one
 * uv_poll; a wake reads every ready connection once and hands JavaScript all the bytes in ONE call
 * (records [u32 id][i32 length][bytes padded to 4]; length -1 at the end of a stream), and
 * writeMany() writes a batch of replies (records [u32 fd][u32 length][bytes padded to 4]) in one
 * call. What it measures: what Node's per-read entry into JavaScript and its stream write cost
 * against the reads and writes themselves.
 */
#include <node_api.h>
#include <uv.h>
#include <sys/epoll.h>
#include <unistd.h>
#include <errno.h>
#include <string.h>
#include <stdint.h>

#define CAP (1 << 20)
static int epfd = -1;
static uv_poll_t poll_handle;
static napi_env g_env;
static napi_ref cb_ref;
static napi_async_context actx;
static uint8_t *rbuf;

static void on_poll(uv_poll_t *h, int status, int events) {
  struct epoll_event evs[512];
  size_t off = 0;
  for (;;) {
    int n = epoll_wait(epfd, evs, 512, 0);
    if (n <= 0) break;
    for (int i = 0; i < n; i++) {
      uint32_t id = (uint32_t)evs[i].data.u64; int fd = (int)(evs[i].data.u64 >> 32);
      if (off + 8 + 4096 > CAP) break;
      ssize_t r = read(fd, rbuf + off + 8, 4096);
      int32_t len = r > 0 ? (int32_t)r : (r == 0 ? -1 : (errno == EAGAIN ? 0 : -errno));
      if (len == 0) continue;
      memcpy(rbuf + off, &id, 4); memcpy(rbuf + off + 4, &len, 4);
      off += 8 + (len > 0 ? ((len + 3) & ~3) : 0);
      if (len < 0) epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
    }
    if (n < 512) break;
  }
  if (off == 0) return;
  napi_handle_scope scope; napi_open_handle_scope(g_env, &scope);
  napi_value cb, recv, arg, res;
  napi_get_reference_value(g_env, cb_ref, &cb);
  napi_get_global(g_env, &recv);
  napi_create_uint32(g_env, (uint32_t)off, &arg);
  napi_make_callback(g_env, actx, recv, cb, 1, &arg, &res);
  napi_close_handle_scope(g_env, scope);
}

static napi_value start(napi_env env, napi_callback_info info) {
  size_t argc = 1; napi_value argv[1]; napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  g_env = env;
  napi_create_reference(env, argv[0], 1, &cb_ref);
  epfd = epoll_create1(EPOLL_CLOEXEC);
  uv_loop_t *loop; napi_get_uv_event_loop(env, &loop);
  uv_poll_init(loop, &poll_handle, epfd);
  uv_poll_start(&poll_handle, UV_READABLE, on_poll);
  napi_value name; napi_create_string_utf8(env, "batchsock", NAPI_AUTO_LENGTH, &name);
  napi_async_init(env, NULL, name, &actx);
  napi_value ab;
  napi_create_external_arraybuffer(env, rbuf, CAP, NULL, NULL, &ab);
  return ab;
}

static napi_value attach(napi_env env, napi_callback_info info) {
  size_t argc = 2; napi_value argv[2]; napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  int32_t fd; uint32_t id; napi_get_value_int32(env, argv[0], &fd); napi_get_value_uint32(env, argv[1], &id);
  struct epoll_event ev; ev.events = EPOLLIN; ev.data.u64 = ((uint64_t)fd << 32) | id;
  int r = epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
  napi_value out; napi_create_int32(env, r == 0 ? 0 : -errno, &out); return out;
}

/* writeMany(buffer, length): records [u32 fd][u32 len][bytes padded to 4]; returns count written fully */
static napi_value write_many(napi_env env, napi_callback_info info) {
  size_t argc = 2; napi_value argv[2]; napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  void *data; size_t blen; napi_get_buffer_info(env, argv[0], &data, &blen);
  uint32_t total; napi_get_value_uint32(env, argv[1], &total);
  uint8_t *p = data; size_t off = 0; int32_t ok = 0;
  while (off + 8 <= total) {
    uint32_t fd, len; memcpy(&fd, p + off, 4); memcpy(&len, p + off + 4, 4);
    ssize_t w = write((int)fd, p + off + 8, len);
    if (w == (ssize_t)len) ok++;
    off += 8 + ((len + 3) & ~3u);
  }
  napi_value out; napi_create_int32(env, ok, &out); return out;
}

static napi_value init(napi_env env, napi_value exports) {
  static uint8_t storage[CAP]; rbuf = storage;
  napi_property_descriptor d[] = {
    {"start", 0, start, 0, 0, 0, napi_default, 0},
    {"attach", 0, attach, 0, 0, 0, napi_default, 0},
    {"writeMany", 0, write_many, 0, 0, 0, napi_default, 0},
  };
  napi_define_properties(env, exports, 3, d);
  return exports;
}
NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
