{ "targets": [ { "target_name": "batchsock", "sources": [ "batchsock.c" ], "cflags": ["-O2"] } ] }
