# What `cmake --install build --prefix P` puts under P: the executable, libcubegod.so and .a, the
# public headers, a CMake package (cubegod::cubegod, cubegod::cubegod_static), a pkg-config file,
# man pages and shell completions. Everything is relative to the prefix given at install time.
include(CMakePackageConfigHelpers)

install(TARGETS cubegod RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS cubegod_shared cubegod_lib EXPORT cubegodTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/cubegod ${PROJECT_BINARY_DIR}/include/cubegod
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")

set(CUBEGOD_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/cubegod)
install(EXPORT cubegodTargets NAMESPACE cubegod:: DESTINATION ${CUBEGOD_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/cubegodConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cubegodConfig.cmake INSTALL_DESTINATION ${CUBEGOD_CMAKE_DIR})
# 0.x: a minor release may break the API, so only the same MAJOR.MINOR is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cubegodConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cubegodConfig.cmake ${PROJECT_BINARY_DIR}/cubegodConfigVersion.cmake
  DESTINATION ${CUBEGOD_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place, so --prefix at install time works.
file(RELATIVE_PATH CUBEGOD_PC_TO_PREFIX /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
string(REGEX REPLACE "/$" "" CUBEGOD_PC_TO_PREFIX "${CUBEGOD_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/cubegod.pc.in ${PROJECT_BINARY_DIR}/cubegod.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cubegod.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

file(GLOB CUBEGOD_MAN1 ${PROJECT_SOURCE_DIR}/man/*.1)
file(GLOB CUBEGOD_MAN3 ${PROJECT_SOURCE_DIR}/man/*.3)
install(FILES ${CUBEGOD_MAN1} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CUBEGOD_MAN3} DESTINATION ${CMAKE_INSTALL_MANDIR}/man3)
install(FILES ${PROJECT_SOURCE_DIR}/completions/cubegod.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME cubegod)
install(FILES ${PROJECT_SOURCE_DIR}/completions/_cubegod
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)

# The Python package (python/cubegod, pure Python over libcubegod.so): into the prefix's
# site-packages for the python3 found here, PREFIX/lib/python3.X/site-packages (or
# CUBEGOD_INSTALL_PYTHONDIR). It finds PREFIX/lib/libcubegod.so from there (python/README.md).
if(NOT DEFINED CUBEGOD_INSTALL_PYTHONDIR)
  find_package(Python3 COMPONENTS Interpreter QUIET)
  if(Python3_FOUND)
    set(cubegod_py "python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}")
  else()
    set(cubegod_py "python3")
  endif()
  set(CUBEGOD_INSTALL_PYTHONDIR "lib/${cubegod_py}/site-packages" CACHE STRING
    "Where cmake --install puts the Python package, relative to the prefix")
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/cubegod DESTINATION ${CUBEGOD_INSTALL_PYTHONDIR}
  FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
# _paths.py: the folder the library went to, as installed (--prefix and DESTDIR are known only
# then), so that the package finds it wherever the package itself is copied.
string(CONFIGURE [[
  set(cubegod_libdir "${CMAKE_INSTALL_PREFIX}/@CMAKE_INSTALL_LIBDIR@")
  if(IS_ABSOLUTE "@CMAKE_INSTALL_LIBDIR@")
    set(cubegod_libdir "@CMAKE_INSTALL_LIBDIR@")
  endif()
  set(cubegod_paths "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/@CUBEGOD_INSTALL_PYTHONDIR@/cubegod/_paths.py")
  if(IS_ABSOLUTE "@CUBEGOD_INSTALL_PYTHONDIR@")
    set(cubegod_paths "$ENV{DESTDIR}@CUBEGOD_INSTALL_PYTHONDIR@/cubegod/_paths.py")
  endif()
  message(STATUS "Installing: ${cubegod_paths}")
  file(WRITE "${cubegod_paths}"
    "\"\"\"Written by cmake --install: where it put libcubegod.so.\"\"\"\nLIBDIR = \"${cubegod_libdir}\"\n")
]] cubegod_paths_code @ONLY)
install(CODE "${cubegod_paths_code}")
