# Which Linux-only calls this system has. Each CG_HAVE_* found becomes a compile definition;
# src/util/compat.h holds the POSIX fallback used when one is missing. CUBEGOD_PORTABLE=ON
# forces every fallback, so that the POSIX paths are built and tested on Linux too.
include(CheckSymbolExists)

option(CUBEGOD_PORTABLE "Use the POSIX fallback for every Linux-only call" OFF)

set(CMAKE_REQUIRED_DEFINITIONS -D_GNU_SOURCE)
# "symbol|header|header..." then the name of its CG_HAVE_ definition.
set(cubegod_checks
  "accept4|sys/socket.h"                   ACCEPT4
  "pipe2|unistd.h|fcntl.h"                 PIPE2
  "ppoll|poll.h|signal.h"                  PPOLL
  "SOCK_NONBLOCK|sys/socket.h"             SOCK_NONBLOCK
  "SOCK_CLOEXEC|sys/socket.h"              SOCK_CLOEXEC
  "MSG_NOSIGNAL|sys/socket.h"              MSG_NOSIGNAL
  "SO_NOSIGPIPE|sys/socket.h"              SO_NOSIGPIPE
  "SO_PROTOCOL|sys/socket.h"               SO_PROTOCOL
  "TCP_QUICKACK|netinet/in.h|netinet/tcp.h" TCP_QUICKACK
  "eventfd|sys/eventfd.h"                  EVENTFD
  "getrandom|sys/random.h"                 GETRANDOM
  "getentropy|unistd.h"                    GETENTROPY
  "MAP_POPULATE|sys/mman.h"                MAP_POPULATE
  "sigtimedwait|signal.h"                  SIGTIMEDWAIT
  "mkostemp|stdlib.h"                      MKOSTEMP)
list(LENGTH cubegod_checks n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
  math(EXPR j "${i} + 1")
  list(GET cubegod_checks ${i} spec)
  list(GET cubegod_checks ${j} name)
  string(REPLACE "|" ";" parts "${spec}")
  list(GET parts 0 symbol)
  list(REMOVE_AT parts 0)
  check_symbol_exists(${symbol} "${parts}" CG_PLATFORM_${name})
  if(CG_PLATFORM_${name} AND NOT CUBEGOD_PORTABLE)
    list(APPEND CUBEGOD_PLATFORM_DEFINITIONS CG_HAVE_${name}=1)
  endif()
endforeach()
unset(CMAKE_REQUIRED_DEFINITIONS)
